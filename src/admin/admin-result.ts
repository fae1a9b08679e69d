/** What an admin command answers: its exit code and the text it prints. */
export interface AdminResult {
  exitCode: number;
  output: string;
}

/** A command that did what was asked, with the lines it prints. */
export const done = (...lines: string[]): AdminResult => ({ exitCode: 0, output: lines.join('\n') });
/** A command that could not (exit code 1), with why. */
export const failed = (message: string): AdminResult => ({ exitCode: 1, output: `admin: ${message}` });
