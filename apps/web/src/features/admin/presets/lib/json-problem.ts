import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { JSON_DEPTH_MESSAGE, nestsDeeperThan } from '@autostudio/protocol';

/**
 * What each of jsonc-parser's syntax errors expected, in the settings field's words. By the code's name: the package
 * declares its codes as a const enum, which this build's module syntax cannot read.
 */
const EXPECTED: Record<string, string> = {
  PropertyNameExpected: 'a property name in double quotes',
  ColonExpected: "':' after the property name",
  CommaExpected: "',' between two values",
  CloseBraceExpected: "',' or '}' after the property",
  CloseBracketExpected: "',' or ']' after the item",
  ValueExpected: 'a value (an object, array, string, number, true, false or null)',
  EndOfFileExpected: 'the end of the JSON',
  UnexpectedEndOfString: 'a closing " for the string',
  InvalidEscapeCharacter: 'a valid escape such as \\n or \\"',
  InvalidUnicode: 'a valid escape such as \\u00e9',
  InvalidCharacter: 'no line break or control character inside a string (write \\n)',
  InvalidNumberFormat: 'a number such as 1, -0.5 or 2e3',
};

/**
 * The first place a JSON text breaks the grammar, and what was expected there. Browsers' JSON.parse messages differ
 * and some give no position at all ("Unexpected token"), so the settings field asks a JSON parser that reports where
 * (jsonc-parser, as strict as JSON: no comments, no trailing commas).
 */
function locateSyntaxError(text: string): { offset: number; expected: string } | null {
  const errors: ParseError[] = [];
  parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const [first, next] = errors;
  if (!first) return null;
  // A character that starts no token ('Gain' in single quotes) says nothing of what was due there; the parser's next
  // complaint does, as it goes on past it (a property name, a value).
  const code = printParseErrorCode(first.error);
  const wanted = code === 'InvalidSymbol' ? (next ? printParseErrorCode(next.error) : 'ValueExpected') : code;
  return { offset: first.offset, expected: EXPECTED[wanted] ?? wanted };
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
