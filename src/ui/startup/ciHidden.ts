// The CI flag hidden from the console's modules while they load (see index.ts for the whole path).

/**
 * Ink reads `is-in-ci` once, at import, and in CI paints nothing but the last frame; chalk (Ink's colours, and the
 * painter's) decides at import that a CI shell gets no colour. A person at a terminal in a CI-flagged shell (a pane
 * opened by a CI job, a developer with CI=true exported) still needs live, coloured frames, so a TTY hides the flag
 * while the console's modules load; everything else (telemetry, update checks) still sees it afterwards. Loads run
 * one after the other (the painter's, then Ink's), so one load never puts the flag back under another.
 */
export async function withCiHidden<T>(load: () => Promise<T>): Promise<T> {
  const names = ['CI', 'CONTINUOUS_INTEGRATION'] as const;
  const saved = names.map((name) => [name, process.env[name]] as const);
  if (process.stdout.isTTY) for (const name of names) delete process.env[name];
  try {
    return await load();
  } finally {
    for (const [name, value] of saved) if (value !== undefined) process.env[name] = value;
  }
}
