// A small Markdown renderer for the rules pages of docs/rules/: headings, paragraphs,
// lists, tables, block quotes (the rulings), code blocks, and inline code, bold, italics
// and links. Everything is escaped first; nothing from the text runs. A code block whose
// fence says `board <game> <position> …` is a board as the terminal draws it: it becomes
// a figure (`data-board` holding the rest of the fence's line) for the page to draw the
// board its own way, the terminal's drawing inside until it does.

function esc(s) {
  return s.replace(/[&<>"']/g, c => `&#${c.charCodeAt(0)};`);
}

function inline(text) {
  const codes = [];
  let s = esc(text).replace(/`([^`]+)`/g, (_, c) => {
    codes.push(`<code>${c}</code>`);
    return `\u0000${codes.length - 1}\u0000`;
  });
  s = s
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^*\w])\*([^*\s][^*]*)\*/g, '$1<em>$2</em>')
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, label, href) =>
      /^https?:/.test(href) ? `<a href="${href}" rel="noreferrer" target="_blank">${label}</a>` : label);
  return s.replace(/\u0000(\d+)\u0000/g, (_, i) => codes[Number(i)]);
}

function cells(line) {
  return line.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map(c => c.trim());
}

export function renderMarkdown(source) {
  const lines = source.replace(/\r/g, '').split('\n');
  const out = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (/^```/.test(line)) {
      const board = /^```board\s+(.*)$/.exec(line);
      const body = [];
      i += 1;
      while (i < lines.length && !/^```/.test(lines[i])) body.push(lines[i++]);
      i += 1;
      const pre = `<pre><code>${esc(body.join('\n'))}</code></pre>`;
      out.push(board ? `<figure class="diagram" data-board="${esc(board[1].trim())}">${pre}</figure>` : pre);
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      const level = heading[1].length;
      const id = heading[2].toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-');
      out.push(`<h${level} id="${esc(id)}">${inline(heading[2])}</h${level}>`);
      i += 1;
      continue;
    }
    if (/^\s*\|/.test(line) && i + 1 < lines.length && /^\s*\|[\s:|-]+\|\s*$/.test(lines[i + 1])) {
      const head = cells(line);
      i += 2;
      const rows = [];
      while (i < lines.length && /^\s*\|/.test(lines[i])) rows.push(cells(lines[i++]));
      out.push('<div class="table"><table><thead><tr>' + head.map(c => `<th>${inline(c)}</th>`).join('') +
        '</tr></thead><tbody>' + rows.map(r => '<tr>' + r.map(c => `<td>${inline(c)}</td>`).join('') + '</tr>').join('') +
        '</tbody></table></div>');
      continue;
    }
    if (/^>/.test(line)) {
      const body = [];
      while (i < lines.length && /^>/.test(lines[i])) body.push(lines[i++].replace(/^>\s?/, ''));
      out.push(`<blockquote>${renderMarkdown(body.join('\n'))}</blockquote>`);
      continue;
    }
    if (/^\s*([-*]|\d+\.)\s+/.test(line)) {
      const ordered = /^\s*\d+\./.test(line);
      const items = [];
      while (i < lines.length && lines[i].trim() !== '') {
        if (/^\s*([-*]|\d+\.)\s+/.test(lines[i]) && !/^\s{4,}/.test(lines[i])) {
          items.push(lines[i].replace(/^\s*([-*]|\d+\.)\s+/, ''));
        } else if (items.length) {
          items[items.length - 1] += ' ' + lines[i].trim();
        }
        i += 1;
      }
      const tag = ordered ? 'ol' : 'ul';
      out.push(`<${tag}>` + items.map(it => `<li>${inline(it)}</li>`).join('') + `</${tag}>`);
      continue;
    }
    if (line.trim() === '') {
      i += 1;
      continue;
    }
    const para = [];
    while (i < lines.length && lines[i].trim() !== '' && !/^(#|```|>|\s*\||\s*([-*]|\d+\.)\s)/.test(lines[i])) {
      para.push(lines[i++]);
    }
    if (!para.length) para.push(lines[i++]);
    out.push(`<p>${inline(para.join(' '))}</p>`);
  }
  return out.join('\n');
}

/// The players' part of a rules page: the developers' notes and the terminal's passages are left out.
export function playersPart(source) {
  const cut = source.search(/^## For developers/m);
  const players = cut >= 0 ? source.slice(0, cut) : source;
  // The passages for the terminal (`trio play …`), between `<!-- cli -->` and `<!-- /cli -->`.
  return players.replace(/^<!-- cli -->\n[\s\S]*?^<!-- \/cli -->\n?/gm, '');
}
