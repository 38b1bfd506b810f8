// Alt/Ctrl/Cmd-click on a block opens the author's editor at its source
// line. Only offered when the daemon announces an editor endpoint and its
// per-daemon secret in the document answer
// (`"editor": {"url": "/api/open", "token": "…"}`); the JSON API is
// same-origin only, so other web pages cannot learn the secret.

import { locationOf } from './blockLocations.js';

/** `doc` is the page's document state: its `editor` and `path` are read at each click. */
export function linkEditor(view, doc) {
  view.addEventListener('click', (e) => {
    if (!(e.altKey || e.ctrlKey || e.metaKey) || !doc.editor || !doc.editor.url) return;
    const location = locationOf(e.target.closest('.blk'));
    if (!location) return;
    e.preventDefault();
    fetch(doc.editor.url, {
      method: 'POST',
      cache: 'no-store',
      headers: { 'Content-Type': 'application/json', 'X-Galley-Token': doc.editor.token || '' },
      body: JSON.stringify({
        token: doc.editor.token || '',
        path: doc.path,
        line: location.line,
        column: location.column || 1,
      }),
    }).catch(() => { /* the daemon logs editor failures */ });
  });
}

/** Whether the editor link is offered, from a document answer's `editor`. */
export function editorOf(answer) {
  return answer.editor && typeof answer.editor === 'object' ? answer.editor : null;
}
