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
