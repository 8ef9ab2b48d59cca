// Where a deployment is in its creation wizard.
import {z} from 'zod';
import {CreationStep} from './deployments.js';

export const AdvanceCreationStepInput = z.object({creationStep: CreationStep}).meta({id: 'AdvanceCreationStepInput'});
