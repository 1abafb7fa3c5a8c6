import { describe, expect, it } from 'vitest';
import { withDateSlashes } from './date-input';
import {
  documentAccept,
  documentFileProblem,
  documentSides,
  isPreviewable,
  fileSize,
  sizeInMegabytes,
} from './documents';

const megabyte = 1024 * 1024;

describe('document files', () => {
  it('needs the back of every document but a passport', () => {
    expect(documentSides('passport')).toEqual(['front']);
    expect(documentSides('id-card')).toEqual(['front', 'back']);
    expect(documentSides('drivers-licence')).toEqual(['front', 'back']);
    expect(documentSides(undefined)).toEqual(['front', 'back']);
  });

  it.each([
    ['photo.jpg', 'image/jpeg'],
    ['photo.JPEG', 'image/jpeg'],
    ['scan.png', 'image/png'],
    ['phone.heic', ''],
    ['phone.heic', 'image/heic'],
    ['phone.HEIC', 'image/heif'],
    ['web.webp', 'image/webp'],
    ['doc.pdf', 'application/pdf'],
    ['doc.pdf', 'application/octet-stream'],
  ])('accepts %s (%s)', (name, type) => {
    expect(documentFileProblem({ name, type, size: 1000 })).toBeNull();
  });

  it.each([
    ['setup.exe', 'application/x-msdownload'],
    ['notes.txt', 'text/plain'],
    ['image.gif', 'image/gif'],
    ['archive', ''],
    ['renamed.exe', 'application/octet-stream'],
  ])('refuses %s (%s)', (name, type) => {
    expect(documentFileProblem({ name, type, size: 1000 })).toBe('documentTypeUnsupported');
  });

  it('refuses files over 10 MB and empty files', () => {
    expect(documentFileProblem({ name: 'a.png', type: 'image/png', size: 10 * megabyte })).toBe(
      null,
    );
    expect(documentFileProblem({ name: 'a.png', type: 'image/png', size: 10 * megabyte + 1 })).toBe(
      'documentTooLarge',
    );
    expect(documentFileProblem({ name: 'a.png', type: 'image/png', size: 0 })).toBe(
      'documentTypeUnsupported',
    );
  });

  it('previews images the browser shows, sizes in MB and accepts the listed types', () => {
    expect(isPreviewable('image/png')).toBe(true);
    expect(isPreviewable('application/pdf')).toBe(false);
    expect(sizeInMegabytes(2.5 * megabyte)).toBe(2.5);
    expect(documentAccept).toContain('.heic');
  });

  it('tells a file’s size as people read it, in kilobytes under a megabyte', () => {
    const shown = (bytes: number, language: 'en' | 'ar' = 'en') => fileSize(bytes, language);
    expect(shown(420 * 1024)).toEqual({ unit: 'kb', size: '420' });
    expect(shown(300)).toEqual({ unit: 'kb', size: '1' });
    expect(shown(0)).toEqual({ unit: 'kb', size: '0' });
    expect(shown(1023.7 * 1024)).toEqual({ unit: 'mb', size: '1' });
    expect(shown(1.4 * megabyte)).toEqual({ unit: 'mb', size: '1.4' });
    expect(shown(9.96 * megabyte)).toEqual({ unit: 'mb', size: '10' });
    expect(shown(1234 * 1024)).toEqual({ unit: 'mb', size: '1.2' });
    expect(shown(999 * 1024, 'ar')).toEqual({ unit: 'kb', size: '999' });
    expect(documentAccept).toContain('.heic');
    expect(documentAccept).toContain('application/pdf');
  });
});

describe('date of birth typing', () => {
  it.each([
    ['1', '', '1'],
    ['15', '1', '15/'],
    ['15/0', '15/', '15/0'],
    ['15/04', '15/0', '15/04/'],
    ['15/04/1990', '15/04/199', '15/04/1990'],
    ['15', '15/', '15'],
    ['15/04', '15/04/', '15/04'],
    ['15041990', '', '15/04/1990'],
    ['1/2/1990', '1/2/199', '1/2/1990'],
    ['15//', '15/', '15/'],
    ['15/04//', '15/04/', '15/04/'],
  ])('%s typed after %s reads %s', (next, previous, expected) => {
    expect(withDateSlashes(next, previous)).toBe(expected);
  });
});
