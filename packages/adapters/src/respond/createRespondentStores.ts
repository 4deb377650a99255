import type {
  AnswerDraft,
  AnswerDraftStore,
  PublicLinkEntry,
  PublicLinkStore,
} from '@loop/core/surveys/respond';
import { createMemoryStorage } from '../storage/createMemoryStorage';
import { tolerantStorage } from '../storage/tolerantStorage';

const LINK_PREFIX = 'loop_respond_link:';
const DRAFT_PREFIX = 'loop_respond_draft:';
const KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parse(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** window.sessionStorage, or memory when the browser blocks it (as `browserStorage` does for localStorage). */
export function browserSessionStorage(): Storage {
  try {
    const storage = globalThis.sessionStorage;
    if (storage) return storage;
  } catch {
    // Falls through to memory.
  }
  return createMemoryStorage();
}

/**
 * Public link → respondent key and response token, in local storage so that reopening the public
 * link days later resumes the same response. Anything unreadable counts as never visited.
 */
export function createPublicLinkStore(storage: Storage): PublicLinkStore {
  const store = tolerantStorage(storage);
  return {
    read(publicToken) {
      const value = parse(store.get(LINK_PREFIX + publicToken));
      if (!isRecord(value) || typeof value.respondent_key !== 'string') return null;
      if (!KEY_PATTERN.test(value.respondent_key)) return null;
      const token = value.response_token;
      return {
        respondent_key: value.respondent_key,
        response_token: typeof token === 'string' && token !== '' ? token : null,
      };
    },
    write(publicToken, entry: PublicLinkEntry) {
      store.set(LINK_PREFIX + publicToken, JSON.stringify(entry));
    },
  };
}

/** Unsaved answers per token, in session storage: they survive a reload, not the closed tab. */
export function createAnswerDraftStore(storage: Storage): AnswerDraftStore {
  const store = tolerantStorage(storage);
  return {
    read(token) {
      const value = parse(store.get(DRAFT_PREFIX + token));
      if (!isRecord(value) || !isRecord(value.answers) || !isRecord(value.seconds)) return null;
      const seconds: Record<string, number> = {};
      for (const [id, spent] of Object.entries(value.seconds)) {
        if (typeof spent === 'number' && Number.isFinite(spent) && spent >= 0) seconds[id] = spent;
      }
      // Answer values are checked by the session against their questions before they are sent.
      return {
        answers: value.answers as AnswerDraft['answers'],
        seconds,
        index: typeof value.index === 'number' ? value.index : 0,
      };
    },
    write(token, draft) {
      store.set(DRAFT_PREFIX + token, JSON.stringify(draft));
    },
    clear(token) {
      store.remove(DRAFT_PREFIX + token);
    },
  };
}
