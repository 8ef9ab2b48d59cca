// Tenant address handling shared by the client, login and the config.

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', '::1', 'localhost']);

/** Trims whitespace and trailing `/`, and assumes `https://` when no scheme is given. */
export function normalizeBaseUrl(input: string): string {
  const trimmed = input.trim().replace(/\/+$/, '');
  return trimmed.includes('://') ? trimmed : `https://${trimmed}`;
}

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname.toLowerCase());
}

/**
 * Parses a normalised base URL and refuses to carry credentials anywhere but HTTPS, except to this machine
 * (the local service runs plain HTTP on loopback).
 */
export function checkBaseUrl(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new Error(`\`${baseUrl}\` is not a valid URL (expected something like https://acme.example.com)`);
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new Error(`refusing to send credentials over plain HTTP to ${url.host}: use https://`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`unsupported URL scheme \`${url.protocol.replace(/:$/, '')}\` in ${baseUrl}: use https://`);
  }
  return url;
}
