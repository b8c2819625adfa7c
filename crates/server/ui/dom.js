// Building HTML and SVG elements without a framework.

const SVG = 'http://www.w3.org/2000/svg';

function fill(node, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') node.addEventListener(k.slice(2), v);
    else if (k === 'text') node.textContent = v;
    else node.setAttribute(k, v === true ? '' : v);
  }
  for (const c of [].concat(children ?? [])) {
    if (c === null || c === undefined || c === false) continue;
    node.append(typeof c === 'string' || typeof c === 'number' ? String(c) : c);
  }
  return node;
}

/// An HTML element: h('button', {class: 'x', onclick: f}, ['text']).
export function h(tag, attrs, children) {
  return fill(document.createElement(tag), attrs, children);
}

/// An SVG element.
export function s(tag, attrs, children) {
  return fill(document.createElementNS(SVG, tag), attrs, children);
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}
