import { JSON_DEPTH_MESSAGE, nestsDeeperThan } from '@autostudio/protocol';

/** Where a JSON text first goes wrong, and what was expected there. */
class JsonSyntax extends Error {
  constructor(
    readonly offset: number,
    readonly expected: string,
  ) {
    super(expected);
  }
}

const WHITESPACE = ' \t\n\r';
const ESCAPES = '"\\/bfnrt';
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const WORDS = ['true', 'false', 'null'] as const;

/**
 * Finds the first place a JSON text breaks the grammar. Browsers' JSON.parse messages differ and some give no
 * position at all ("Unexpected token"), so the settings field walks the text itself to say where to look.
 */
function locateSyntaxError(text: string): JsonSyntax | null {
  let at = 0;
  const fail = (expected: string): never => {
    throw new JsonSyntax(at, expected);
  };
  const skipSpace = () => {
    while (at < text.length && WHITESPACE.includes(text[at] ?? '')) at += 1;
  };
  const string = () => {
    at += 1;
    while (at < text.length) {
      const char = text[at] ?? '';
      if (char === '"') {
        at += 1;
        return;
      }
      if (char === '\\') {
        const next = text[at + 1] ?? '';
        if (ESCAPES.includes(next) && next !== '') at += 2;
        else if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6))) at += 6;
        else fail('a valid escape such as \\n or \\"');
        continue;
      }
      if (char < ' ') fail('no line break or control character inside a string (write \\n)');
      at += 1;
    }
    fail('a closing " for the string');
  };
  const members = (close: '}' | ']', member: () => void, what: string) => {
    at += 1;
    skipSpace();
    if (text[at] === close) {
      at += 1;
      return;
    }
    for (;;) {
      member();
      skipSpace();
      if (text[at] === ',') {
        at += 1;
        skipSpace();
        continue;
      }
      if (text[at] === close) {
        at += 1;
        return;
      }
      fail(`',' or '${close}' after the ${what}`);
    }
  };
  const value = (): void => {
    skipSpace();
    const char = text[at];
    if (char === '{') {
      members(
        '}',
        () => {
          if (text[at] !== '"') fail('a property name in double quotes');
          string();
          skipSpace();
          if (text[at] !== ':') fail("':' after the property name");
          at += 1;
          value();
        },
        'property',
      );
      return;
    }
    if (char === '[') {
      members(']', value, 'item');
      return;
    }
    if (char === '"') {
      string();
      return;
    }
    NUMBER.lastIndex = at;
    const number = NUMBER.exec(text);
    if (number && number[0] !== '-') {
      at += number[0].length;
      return;
    }
    const word = WORDS.find((candidate) => text.startsWith(candidate, at));
    if (word) {
      at += word.length;
      return;
    }
    fail('a value (an object, array, string, number, true, false or null)');
  };
  try {
    value();
    skipSpace();
    if (at < text.length) fail('the end of the JSON');
    return null;
  } catch (error) {
    if (error instanceof JsonSyntax) return error;
    throw error;
  }
}

function describeAt(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  const found = offset >= text.length ? 'the end of the text' : `'${text[offset]}'`;
  return `Line ${line}, column ${column}: found ${found}`;
}

/**
 * What is wrong with a preset's settings text, or null when it is JSON the server takes: where the syntax breaks
 * (line and column, what was found and expected), or that it nests too deep.
 */
export function jsonProblem(text: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const located = locateSyntaxError(text);
    if (!located) return `Settings are not valid JSON: ${error instanceof Error ? error.message : String(error)}`;
    // The commonest slip: a comma after the last property or item, which JSON (unlike JavaScript) refuses.
    const trailingComma = /,\s*$/.test(text.slice(0, located.offset)) && /^[}\]]/.test(text.slice(located.offset));
    const hint = trailingComma ? ' Remove the comma before it.' : '';
    return `Settings are not valid JSON. ${describeAt(text, located.offset)}, expected ${located.expected}.${hint}`;
  }
  return nestsDeeperThan(parsed) ? `Settings ${JSON_DEPTH_MESSAGE}.` : null;
}
