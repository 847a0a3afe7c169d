// Where the reader's credentials live: in memory for this page by default;
// in localStorage only when the reader ticks "Remember", and removed from it
// when they untick it. Keyed by the server's origin, so credentials typed
// for one API are never offered to another.

import type { Credentials } from './build-request.js';

const KEY = 'docsc-playground-credentials';

export class CredentialStore {
  private remembered: boolean;

  constructor(private origin: string) {
    this.remembered = this.stored() !== undefined;
  }

  get remember(): boolean {
    return this.remembered;
  }

  load(): Record<string, Credentials> {
    return this.stored() ?? {};
  }

  save(credentials: Record<string, Credentials>, remember: boolean): void {
    this.remembered = remember;
    const all = readAll();
    if (remember) all[this.origin] = credentials;
    else delete all[this.origin];
    try {
      if (Object.keys(all).length === 0) localStorage.removeItem(KEY);
      else localStorage.setItem(KEY, JSON.stringify(all));
    } catch {
      // storage unavailable: memory only
    }
  }

  private stored(): Record<string, Credentials> | undefined {
    return readAll()[this.origin];
  }
}

function readAll(): Record<string, Record<string, Credentials>> {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return value && typeof value === 'object' ? value : {};
  } catch {
    return {};
  }
}
