const base64url = (text: string): string => Buffer.from(text, 'utf8').toString('base64url');

/** An unsigned JWT (header.payload.signature) carrying `claims`, as the server's tokens look to the client. */
export function makeJwt(claims: Readonly<Record<string, unknown>>): string {
  return `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}.c2lnbmF0dXJl`;
}

/** An access token for user 1 that expires `seconds` from now. */
export const accessTokenFor = (sid: string, seconds: number, isAdmin = false): string =>
  makeJwt({ sub: '1', sid, is_admin: isAdmin, exp: Math.floor(Date.now() / 1000) + seconds });
