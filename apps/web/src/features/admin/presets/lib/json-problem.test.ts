import { describe, expect, it } from 'vitest';
import { jsonProblem } from './json-problem';

describe('a preset’s settings as JSON', () => {
  it('takes any JSON the server takes', () => {
    expect(jsonProblem('{"GlobalSaturation": 1.2, "GainOut": {"X": 1, "Y": 1}}')).toBeNull();
    expect(jsonProblem('[{"time": 0}, {"time": -1.5e3}]')).toBeNull();
    expect(jsonProblem(' {"a": "line\\nbreak \\u00e9", "b": [true, false, null]} ')).toBeNull();
  });

  it('says on which line and column the syntax breaks, and what it expected there', () => {
    expect(jsonProblem('{\n  "Bloom_Intensity": 0.4,\n}')).toBe(
      "Settings are not valid JSON. Line 3, column 1: found '}', expected a property name in double quotes. Remove the comma before it.",
    );
    expect(jsonProblem("{'Gain': 1}")).toBe(
      "Settings are not valid JSON. Line 1, column 2: found ''', expected a property name in double quotes.",
    );
    expect(jsonProblem('{"Gain": 1')).toBe(
      "Settings are not valid JSON. Line 1, column 11: found the end of the text, expected ',' or '}' after the property.",
    );
    expect(jsonProblem('{"Gain" 1}')).toBe(
      "Settings are not valid JSON. Line 1, column 9: found '1', expected ':' after the property name.",
    );
    expect(jsonProblem('[1, 2,]')).toBe(
      "Settings are not valid JSON. Line 1, column 7: found ']', expected a value (an object, array, string, number, true, false or null). Remove the comma before it.",
    );
    expect(jsonProblem('[1, 2] 3')).toBe(
      "Settings are not valid JSON. Line 1, column 8: found '3', expected the end of the JSON.",
    );
    expect(jsonProblem('')).toContain('Line 1, column 1: found the end of the text, expected a value');
    expect(jsonProblem('{"Vignette": tru}')).toBe(
      "Settings are not valid JSON. Line 1, column 14: found 't', expected a value (an object, array, string, number, true, false or null).",
    );
    expect(jsonProblem('[1 2]')).toBe(
      "Settings are not valid JSON. Line 1, column 4: found '2', expected ',' between two values.",
    );
  });

  it('refuses settings nested deeper than the server reads', () => {
    expect(jsonProblem('['.repeat(101) + ']'.repeat(101))).toBe('Settings must not nest deeper than 100 levels.');
  });
});
