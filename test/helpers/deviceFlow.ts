// The sign-in tests' side of the device flow (`svc login` against the service): what the CLI prints for the user,
// and the approval page's form sent over HTTP, as a browser would (the same origin, the approver's credential).
import {expect} from 'vitest';

/** What `svc login` prints: the URL to open and the code to confirm. */
export const LOGIN_PROMPT = /To authorize this CLI, open the following URL in your browser:\n {2}(\S+)\nand confirm this code: ([A-Z]{4}-[A-Z]{4})\n/;

/** Approves (with `credential`, an API key of the account) or denies `userCode` on the service at `url`. */
export async function decideDevice(url: string, userCode: string, decision: 'approve' | 'deny', credential?: string): Promise<void> {
  const res = await fetch(`${url}/device`, {
    method: 'POST',
    headers: {origin: url},
    body: new URLSearchParams({user_code: userCode, decision, ...(decision === 'approve' ? {credential: credential ?? ''} : {})}),
  });
  expect(res.status).toBe(200);
}
