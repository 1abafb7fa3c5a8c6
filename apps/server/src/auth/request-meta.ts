// What services need to know about the request besides its body.
import type { FastifyRequest } from 'fastify';
import { type Language, languageFromHeader } from '@secure-vault/shared';

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
  language: Language;
}

export function requestMeta(request: FastifyRequest): RequestMeta {
  const userAgent = request.headers['user-agent'];
  return {
    ip: request.ip,
    userAgent: userAgent ? userAgent.slice(0, 512) : null,
    language: languageFromHeader(request.headers['accept-language']),
  };
}
