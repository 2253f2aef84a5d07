import { htmlToText, isSiteOrWebUrl } from './text';

describe('htmlToText', () => {
  test('drops tags, scripts and styles, decodes the common entities once and collapses whitespace', () => {
    expect(htmlToText('<p>A&nbsp;&lt;b&gt;</p>\n<script>x()</script><style>p{}</style><p> &quot;q&#39; &amp;amp;  </p>')).toBe(`A <b> "q' &amp;`);
  });
});

describe('isSiteOrWebUrl (ISSUE-27.5: the editor link dialog and the server link fields)', () => {
  test('takes an in-site path or a clean http(s) URL', () => {
    for (const ok of ['/product', '/news?id=1', 'https://example.com/a?b=1', 'HTTP://example.com']) expect(isSiteOrWebUrl(ok)).toBe(true);
  });
  test('refuses other schemes, protocol-relative and unclean addresses', () => {
    for (const bad of [
      'javascript:alert(1)',
      '//evil.example/x',
      'mailto:a@b.c',
      'https://',
      'http://a b.com',
      '/a\\b',
      'ftp://x.y',
      'example.com',
      '/x"onmouseover=1',
    ])
      expect(isSiteOrWebUrl(bad)).toBe(false);
  });
});
