// Small checkers for the config loader: each records a problem naming the key and what was expected,
// and returns a usable value so that one run reports every problem at once.
import { suggest } from '../core/map/names.js';

export class ConfigProblems {
  readonly list: string[] = [];

  add(key: string, message: string): void {
    this.list.push(`${key}: ${message}`);
  }

  object(key: string, value: unknown, allowed: readonly string[]): Record<string, unknown> | null {
    if (value === undefined) return {};
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      this.add(key, `expected an object, got ${describe(value)}`);
      return null;
    }
    for (const name of Object.keys(value)) {
      if (!allowed.includes(name)) {
        const hint = suggest(name, allowed, 1)[0];
        this.add(
          key ? `${key}.${name}` : name,
          `unknown key${hint ? ` (did you mean "${hint}"?)` : ''}; expected one of ${allowed.join(', ')}`,
        );
      }
    }
    return value as Record<string, unknown>;
  }

  string(key: string, value: unknown, fallback: string, pattern?: { test: RegExp; expected: string }): string {
    if (value === undefined) return fallback;
    if (typeof value !== 'string' || value.trim() === '') {
      this.add(key, `expected a non-empty string, got ${describe(value)}`);
      return fallback;
    }
    if (pattern && !pattern.test.test(value)) {
      this.add(key, `expected ${pattern.expected}, got ${describe(value)}`);
      return fallback;
    }
    return value;
  }

  integer(key: string, value: unknown, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
    if (value === undefined) return fallback;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      this.add(key, `expected an integer from ${min} to ${max}, got ${describe(value)}`);
      return fallback;
    }
    return value;
  }

  boolean(key: string, value: unknown, fallback: boolean): boolean {
    if (value === undefined) return fallback;
    if (typeof value !== 'boolean') {
      this.add(key, `expected true or false, got ${describe(value)}`);
      return fallback;
    }
    return value;
  }

  choice<T extends string>(key: string, value: unknown, fallback: T, choices: readonly T[]): T {
    if (value === undefined) return fallback;
    if (typeof value !== 'string' || !choices.includes(value as T)) {
      this.add(key, `expected one of ${choices.map((c) => `"${c}"`).join(', ')}, got ${describe(value)}`);
      return fallback;
    }
    return value as T;
  }
}

export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}
