// Environment variables of a deployment (EnvVariableItem); secret-looking values are never answered.
import {z} from 'zod';
import {itemsDataPage} from './common.js';

/** What a list shows instead of the value of a secret-looking variable; never accepted as a value. */
export const ENCRYPTED_PLACEHOLDER = '[ENCRYPTED]';
export const ENV_VAR_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** A variable whose name is on THE list of secret names (secretNames.ts) is a secret: its value is never answered. */
export {isSecretName} from './secretNames.js';

export const EnvVariableItem = z.object({name: z.string(), value: z.string()}).meta({id: 'EnvVariableItem'});
export type EnvVariableItem = z.infer<typeof EnvVariableItem>;

export const EnvVariablesListResponse = itemsDataPage(EnvVariableItem, 'EnvVariablesListResponse');

export const SetEnvVariablesInput = z
  .object({
    env_variables: z
      .array(
        z.object({
          name: z.string().min(1, 'must not be empty').max(200),
          value: z.string().max(65_536).refine((v) => v !== ENCRYPTED_PLACEHOLDER, `${ENCRYPTED_PLACEHOLDER} is a placeholder, not a value`),
        }),
      )
      .min(1, 'must list at least one variable')
      .max(500),
  })
  .meta({id: 'SetEnvVariablesInput'});
export type SetEnvVariablesInput = z.infer<typeof SetEnvVariablesInput>;
