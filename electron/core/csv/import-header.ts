// What an import's header must give before any row is read: a column for the title. A file whose
// headings were all left out (or mapped to other fields) would make a blank draft of every row.
import type { ProblemRule } from '../../../shared/screens/problem-rules.ts';

export function noTitleColumn(columns: number): { row: number; field: string; rule: ProblemRule; params: { columns: number }; message: string } {
  return { row: 1, field: 'title', rule: 'no-title-column', params: { columns }, message: 'no column holds the title: nothing imported (every row would be a blank draft)' };
}
