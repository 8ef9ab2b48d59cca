// THE list of secret names: a body field, a stored document's field or an environment variable whose name says it
// holds a secret. One list for everything that reads it, so they cannot disagree:
//  - the service's audit log redacts such a body field, and reads never return such a field of a stored
//    document (server/secrets.ts, which adds the credential-shaped values);
//  - the service never answers the value of such an environment variable (routes/deployments/envVars.ts);
//  - the console says which variables are secret, and why (screens/variables).
// A name is read as UPPER_SNAKE words (`clientSecret` → CLIENT_SECRET, `device-code` → DEVICE_CODE). It is secret
// when it contains one of SECRET_ANYWHERE (DB_PASSWORD, GITHUB_TOKEN, CLIENTSECRET) or ends with one of
// SECRET_AT_END (API_KEY, PRIVATE_KEY, DEVICE_CODE, SESSION_ID; not KEY_ID or KEY_FILE, which name a key).

export const SECRET_ANYWHERE = ['PASS', 'SECRET', 'TOKEN', 'CREDENTIAL', 'PRIVATE', 'AUTHORIZATION', 'COOKIE', 'SIGNATURE'] as const;
export const SECRET_AT_END = ['KEY', 'CODE', 'SESSION_ID', 'SESSIONID'] as const;

/** The name as UPPER_SNAKE words: camelCase boundaries, `-`, `.` and spaces become `_`. */
const upperSnake = (name: string): string =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[-.\s]+/g, '_')
    .toUpperCase();

/** The part of a name that makes it secret (`KEY` in my_api_key, `PASS` in CUBEJS_DB_PASS), or undefined. */
export function secretNamePart(name: string): string | undefined {
  const words = upperSnake(name);
  return SECRET_ANYWHERE.find((part) => words.includes(part)) ?? SECRET_AT_END.find((part) => words.endsWith(part));
}

/** Whether a field or variable of this name holds a secret (THE list). */
export function isSecretName(name: string): boolean {
  return secretNamePart(name) !== undefined;
}

/** The rule in words, for a screen that says why a name is or is not secret. */
export const SECRET_NAME_RULE = `names containing ${SECRET_ANYWHERE.join(', ')} or ending in ${SECRET_AT_END.slice(0, 3).join(', ')}`;
