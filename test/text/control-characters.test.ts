import { describe, expect, it } from 'vitest';
import { escapeControls, withoutControls } from '../../src/text/control-characters.js';
import { hasVisibleCharacter, stripUnseenFromName } from '../../src/text/names.js';
import { stripInvisible } from '../../src/text/invisible-characters.js';

describe('withoutControls (issue 52, item 5)', () => {
  it('removes C0 and C1 controls but tab and line feed; CRLF and a lone CR become LF', () => {
    expect(withoutControls('a\u0001b\u0007c\u0008d\u000be\u000cf\u001b[31mg\u007fh\u0085i\u009bj')).toBe('abcdef[31mghij');
    expect(withoutControls('one\r\ntwo\rthree\nfour\tfive')).toBe('one\ntwo\nthree\nfour\tfive');
    expect(withoutControls('Zoë 👩‍💻 مرحبا')).toBe('Zoë 👩‍💻 مرحبا');
  });

  it('is part of stripInvisible, which the domain applies to what pages hand it directly', () => {
    expect(stripInvisible('\u202eBell\u0007\r\n')).toBe('Bell\n');
  });
});

describe('escapeControls', () => {
  it('shows every control but tab and line feed as its escape, so none reaches a terminal raw', () => {
    expect(escapeControls('\u001b]0;x\u0007 \u0000 \u009b\tok\n')).toBe('\\x1b]0;x\\x07 \\x00 \\x9b\tok\n');
    expect(escapeControls(escapeControls('\u001b'))).toBe('\\x1b');
  });
});

describe('names (issue 52, item 4, first half)', () => {
  it.each([
    ['A\u00adl\u034fi\ufff9ce\u{E0041}\u{E007F}', 'Alice'],
    ['x\u2060y\u200bz\u180e', 'xyz'],
    ['a\u200db', 'ab'],
    ['👨\u200d👩\u200d👧', '👨\u200d👩\u200d👧'],
    ['👍🏽\u200d', '👍🏽'],
    ['❤\ufe0f', '❤\ufe0f'],
    ['\ufe0fx', 'x'],
    ['می\u200cخواهم', 'می\u200cخواهم'],
    ['क्\u200dष', 'क्\u200dष'],
  ])('strips unseen characters from %j', (name, stripped) => {
    expect(stripUnseenFromName(name)).toBe(stripped);
  });

  it('finds nothing visible in blanks, fillers, marks and invisible characters', () => {
    for (const blank of ['', ' ', '\u2800', '\u2800 \u2800', '\u3164', '\u00ad\u034f\ufff9', '\u0301', '\u{E0041}'])
      expect(hasVisibleCharacter(blank), JSON.stringify(blank)).toBe(false);
    for (const name of ['A', 'Zoë', '👩‍💻', 'مرحبا', '\u2800x']) expect(hasVisibleCharacter(name), name).toBe(true);
  });
});
