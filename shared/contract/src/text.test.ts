import { htmlToText } from './text';

describe('htmlToText', () => {
  test('drops tags, scripts and styles, decodes the common entities once and collapses whitespace', () => {
    expect(htmlToText('<p>A&nbsp;&lt;b&gt;</p>\n<script>x()</script><style>p{}</style><p> &quot;q&#39; &amp;amp;  </p>')).toBe(`A <b> "q' &amp;`);
  });
});
