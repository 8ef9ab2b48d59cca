// Where releases are announced and how versions compare. The source is a GitHub-releases-style JSON document
// (`tag_name`, `assets[].name`, `assets[].browser_download_url`), at SVC_UPDATE_URL or at the address a release
// build names (SVC_BUILD_UPDATE_URL when `npm run build` ran). svc has no release host of its own: without either,
// there is no source, no check starts and nothing is sent anywhere (the same rule as telemetry: no traffic to a
// host the user did not name).
export const CHECK_TIMEOUT_MS = 10_000;

/** Set by scripts/build.mjs from SVC_BUILD_UPDATE_URL at build time; absent in a plain build and under tsx. */
declare const SVC_BUILD_UPDATE_URL: string | undefined;
const BUILT_IN_UPDATE_URL = typeof SVC_BUILD_UPDATE_URL === 'string' && SVC_BUILD_UPDATE_URL.trim() !== '' ? SVC_BUILD_UPDATE_URL.trim() : undefined;

/** What `svc update` and install.sh say when there is no source. */
export const NO_RELEASE_SOURCE =
  'no release source is configured: this build of svc names no release host, so it never checks for updates by itself — set SVC_UPDATE_URL to a GitHub-releases-style JSON document (tag_name, assets) to use one';

export interface Release {
  version: string;
  /** The npm-pack tarball of the release, when the release lists one. */
  tarballUrl?: string;
}

/** The configured release source, or undefined when there is none. */
export function updateUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.SVC_UPDATE_URL?.trim() || BUILT_IN_UPDATE_URL;
}

const SEMVER = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?$/;

/** Negative when a < b. A pre-release sorts before its release; malformed versions compare as 0.0.0. */
export function compareVersions(a: string, b: string): number {
  const pa = SEMVER.exec(a.trim());
  const pb = SEMVER.exec(b.trim());
  for (let i = 1; i <= 3; i++) {
    const d = Number(pa?.[i] ?? 0) - Number(pb?.[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  const ra = pa?.[4];
  const rb = pb?.[4];
  if (ra === rb) return 0;
  if (ra === undefined) return 1;
  if (rb === undefined) return -1;
  return ra < rb ? -1 : 1;
}

export function readRelease(body: unknown): Release {
  const record = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const tag = typeof record.tag_name === 'string' ? record.tag_name : typeof record.version === 'string' ? record.version : undefined;
  const match = tag === undefined ? null : SEMVER.exec(tag.trim());
  if (!match) throw new Error(`the release source answered no version (tag_name${tag === undefined ? ' missing' : ` \`${tag}\``})`);
  const version = tag!.trim().replace(/^v/, '');
  const assets = Array.isArray(record.assets) ? (record.assets as Array<Record<string, unknown>>) : [];
  const tarball = assets.find((a) => typeof a.name === 'string' && /\.tgz$/.test(a.name) && typeof a.browser_download_url === 'string');
  return tarball ? {version, tarballUrl: tarball.browser_download_url as string} : {version};
}

export async function fetchLatestRelease(url: string, timeoutMs = CHECK_TIMEOUT_MS): Promise<Release> {
  let res: Response;
  try {
    res = await fetch(url, {headers: {accept: 'application/vnd.github+json'}, signal: AbortSignal.timeout(timeoutMs)});
  } catch (err) {
    const cause = (err as Error & {cause?: unknown}).cause;
    const reason = (err as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000}s` : cause instanceof Error ? cause.message : (err as Error).message;
    throw new Error(`${url}: ${reason}`);
  }
  if (!res.ok) throw new Error(`${url} answered ${res.status} ${res.statusText}`.trim());
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new Error(`${url} answered something that is not JSON`);
  }
  return readRelease(body);
}
