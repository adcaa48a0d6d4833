import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderPdf } from './renderers';

const pdftotextInstalled = !spawnSync('pdftotext', ['-v']).error;

async function* rows(...cells: string[][]): AsyncIterable<string[]> {
  yield* cells;
}

/** The PDF table layout (pdf-worker.ts): cells wrap, and only one taller than a page is cut. */
describe('PDF tables', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'pdf-table-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // Skipped, and reported so, where poppler-utils is missing (as the e2e PDF checks).
  (pdftotextInstalled ? it : it.skip)(
    'cuts a cell taller than a page with an ellipsis; the next row follows',
    async () => {
      const file = join(dir, 'tall.pdf');
      const huge = Array.from({ length: 4000 }, (_, i) => `слово${i}`).join(' ');
      await renderPdf(
        {
          title: 'Таблица',
          sheets: [
            { name: 'T', columns: ['Название', 'Описание'], rows: rows(['Первая', huge], ['Вторая', 'коротко']) },
          ],
        },
        file,
      );
      const pages = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
        .split('\f')
        .filter((page) => page.trim() !== '');
      // The tall row does not fit under the title: it takes the next page whole with its header
      // (no page ends with a header alone), cut to the page, and the next row starts a page of
      // its own under the repeated header.
      expect(pages).toHaveLength(3);
      expect(pages[0]).toMatch(/^\s*Таблица\s*$/);
      expect(pages[1]).toMatch(/^\s*Название\s+Описание\s+Первая/);
      expect(pages[1]).toContain('слово0');
      expect(pages[1]).toContain('…');
      expect(pages[1]).not.toContain('слово3999');
      expect(pages[2]).toMatch(/^\s*Название\s+Описание\s+Вторая\s+коротко\s*$/);
    },
  );
});
