import { describe, expect, it } from 'vitest';
import { plainText, richText, safeUrl } from './sanitize.ts';

describe('plainText', () => {
  it('removes markup and scripts, decodes entities, collapses whitespace', () => {
    expect(plainText('<b>Hi</b>  <script>alert(1)</script>there &amp; you')).toBe('Hi there & you');
    expect(plainText('&lt;script&gt;alert(1)&lt;/script&gt;x')).toBe('alert(1)x');
    expect(plainText(42)).toBe('42');
    expect(plainText(null)).toBe('');
  });
  it('cuts to the column length by characters', () => {
    expect(plainText('电影电影电影', 4)).toBe('电影电影');
  });
});

describe('richText', () => {
  it('keeps paragraphs, drops attributes, handlers, scripts and iframes', () => {
    expect(
      richText(
        '<p onclick="x()">A<br/>B</p><script>bad()</script><iframe src="x"></iframe><a href="javascript:1">l</a>',
      ),
    ).toBe('<p>A<br />B</p>l');
  });
});

describe('safeUrl', () => {
  it('accepts http(s) and server-relative URLs only', () => {
    expect(safeUrl('https://cdn.example.com/a.m3u8')).toBe('https://cdn.example.com/a.m3u8');
    expect(safeUrl('/media/demo/a.jpg')).toBe('/media/demo/a.jpg');
    expect(safeUrl('//cdn.example.com/x.jpg')).toBe('https://cdn.example.com/x.jpg');
    expect(safeUrl('mac://img.example.com/x.jpg')).toBe('http://img.example.com/x.jpg');
    expect(safeUrl('http://localhost/1.mp4|')).toBe('http://localhost/1.mp4');
    expect(safeUrl('javascript:alert(1)')).toBe('');
    expect(safeUrl('data:text/html,hi')).toBe('');
    expect(safeUrl('/x" onerror="y')).toBe('');
  });
});

/**
 * sanitize-html is held at 2.17.5, the last release whose engines admit Node 20 (package.json). The advisories fixed
 * after it concern configurations this module never uses (svg/math, noscript, meta, iframe or SVG animation tags
 * allowed, attributes allowed); these are their payloads, which must come out as allowed tags without attributes.
 */
describe('payloads of the sanitize-html advisories fixed after 2.17.5', () => {
  const payloads = [
    '<svg><textarea><img src=x onerror=alert(1)></textarea></svg>',
    '<math><xmp><img src=x onerror=alert(1)></xmp></math>',
    '<svg><xmp><p><img src=x onerror=alert(1)></p></xmp></svg>',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></p></noscript>',
    '<div><noscript></div><img src=x onerror=alert(1)></noscript>',
    '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    '<svg><a><animate attributeName="href" values="javascript:alert(1)"/><text>x</text></a></svg>',
    `${'<iframe>'.repeat(40)}<img src=x onerror=alert(1)>${'</iframe>'.repeat(40)}`,
    '<p><textarea><img src=x onerror=alert(1)></textarea></p>',
  ];
  const allowed = new Set([
    'p',
    'br',
    'b',
    'strong',
    'i',
    'em',
    'u',
    'ul',
    'ol',
    'li',
    'span',
    'div',
    'h3',
    'h4',
    'blockquote',
  ]);
  it.each(payloads)('richText keeps only allowed tags without attributes: %s', (payload) => {
    const out = richText(payload);
    for (const [, name = '', rest = ''] of out.matchAll(/<\/?([a-zA-Z0-9-]+)([^>]*)>/g)) {
      expect(allowed.has(name.toLowerCase()), `${name} in ${out}`).toBe(true);
      expect(rest.replace('/', '').trim(), out).toBe('');
    }
    expect(out).not.toMatch(/onerror|javascript:/i);
  });
  it.each(payloads)('plainText keeps no markup: %s', (payload) => {
    expect(plainText(payload, 65535)).not.toMatch(/<[a-zA-Z!/]/);
  });
});
