import type { AccessTokenClaims } from '@loop/core';
import type { TokenDecoder } from '@loop/core/session';
import { jwtDecode } from 'jwt-decode';

/**
 * Reads an access token's claims without verifying it (the server verifies); jwt-decode's errors
 * propagate, and core turns them into 'undecodable'.
 */
export function createJwtDecoder(): TokenDecoder {
  return { decode: (token) => jwtDecode<Partial<AccessTokenClaims>>(token) };
}
