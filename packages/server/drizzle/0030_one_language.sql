-- Issue 24: a verification link made at registration keeps the hash of the registering browser's
-- key; opened in that browser, the link signs the user in (docs/architecture.md, 'Signed in by the
-- confirmation link'). Links made before this change have none and only confirm the address.
ALTER TABLE "email_tokens" ADD COLUMN "browser_key_hash" text;
