/** What an admin command answers: its exit code and the text it prints. */
export interface AdminResult {
  exitCode: number;
  output: string;
}
