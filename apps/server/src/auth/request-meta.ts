// What services need to know about the request besides its body.
import { isIP, SocketAddress } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { type Language, languageFromHeader, toSingleLineText } from '@secure-vault/shared';

export interface RequestMeta {
  /**
   * The client's address in canonical form (DESIGN §4, client addresses), or null when what
   * the trusted proxies forwarded is not an address. Rate limits count every such caller as one.
   */
  ip: string | null;
  /** The User-Agent as one line of text (the text rule), at most 512 characters. */
  userAgent: string | null;
  language: Language;
  /** The browser's own token (auth/known-devices.ts), on the routes that sign in. */
  device?: string;
}

/**
 * An address as one spelling: IPv6 compressed and lower-case, without a zone; an IPv4 address
 * mapped into IPv6 (a dual-stack listener) as plain IPv4. Null for anything else.
 */
export function canonicalIp(value: string | undefined): string | null {
  if (value === undefined) return null;
  const family = isIP(value);
  if (family === 0) return null;
  const { address } = new SocketAddress({ address: value, family: family === 4 ? 'ipv4' : 'ipv6' });
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1];
  return mapped ?? address;
}

export function requestMeta(request: FastifyRequest): RequestMeta {
  // Cut before cleaning, so the cut cannot leave half of a character behind.
  const userAgent = toSingleLineText((request.headers['user-agent'] ?? '').slice(0, 512));
  return {
    ip: canonicalIp(request.ip),
    userAgent: userAgent === '' ? null : userAgent,
    language: languageFromHeader(request.headers['accept-language']),
  };
}
