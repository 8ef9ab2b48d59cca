// The query screen's history: the last queries of this console session per deployment, newest first (kept in
// memory only: a query may name sensitive members, and nothing of it is written to disk).
const LIMIT = 20;
const byDeployment = new Map<string, string[]>();

export function remember(deploymentId: string, text: string): void {
  if (text === '') return;
  const list = (byDeployment.get(deploymentId) ?? []).filter((t) => t !== text);
  list.unshift(text);
  byDeployment.set(deploymentId, list.slice(0, LIMIT));
}

/** The `n`th newest query (0 = the last one run), if there is one. */
export function recall(deploymentId: string, n: number): string | undefined {
  return byDeployment.get(deploymentId)?.[n];
}
