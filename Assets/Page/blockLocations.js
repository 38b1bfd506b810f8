// Where blocks start in the source. The article holds groups of blocks
// (GroupWriter.swift): a group says where its first block starts
// (`data-line`, `data-column`), each block where it starts relative to that
// (`data-line-offset`; `data-column-offset`, counted from the group's column
// on the group's line and from the line's start on a later one), so that a
// group that moves rewrites one attribute, not one per block.

/** Whether an element is a group of blocks. */
export function isGroup(el) {
  return el.classList.contains('blk-group');
}

/** The blocks of an article, in order. */
export function blocksOf(article) {
  return Array.from(article.querySelectorAll(':scope > .blk-group > .blk'));
}

/** Where a block starts in the source, `{ line, column }`; null for anything else. */
export function locationOf(block) {
  const group = block && block.parentElement;
  if (!group || !isGroup(group) || !block.hasAttribute('data-line-offset')) return null;
  const lines = Number(block.getAttribute('data-line-offset'));
  const columns = Number(block.getAttribute('data-column-offset'));
  const line = Number(group.getAttribute('data-line')) + lines;
  return { line, column: lines === 0 ? Number(group.getAttribute('data-column')) + columns : columns };
}

function groupsOf(article) {
  return Array.from(article.children).filter(isGroup);
}

/**
 * The first block that starts on `line`, or null. Lines only grow down
 * the article, so only the groups whose lines can hold it are searched.
 */
export function blockOnLine(article, line) {
  const groups = groupsOf(article);
  for (let i = 0; i < groups.length; i++) {
    if (Number(groups[i].getAttribute('data-line')) > line) break;
    const next = groups[i + 1];
    if (next && Number(next.getAttribute('data-line')) < line) continue;
    for (const block of groups[i].children) {
      const location = locationOf(block);
      if (location && location.line === line) return block;
    }
  }
  return null;
}

/** The last block that starts on or before `line` (where a problem on that line is shown), or null. */
export function blockNearLine(article, line) {
  const group = groupsOf(article).filter((g) => Number(g.getAttribute('data-line')) <= line).pop();
  if (!group) return null;
  let best = null;
  for (const block of group.children) {
    const location = locationOf(block);
    if (location && location.line <= line) best = block;
  }
  return best;
}

/**
 * Labels every block of `article` with its location (`data-galley-loc`),
 * which the outline view shows. Only while that view is on: a group that
 * moves would otherwise relabel all its blocks at every save.
 */
export function labelLocations(article) {
  if (!article || !document.body.classList.contains('outline-blocks')) return;
  for (const block of blocksOf(article)) {
    const location = locationOf(block);
    const label = location ? 'line ' + location.line + ':' + location.column : '';
    if (block.getAttribute('data-galley-loc') !== label) block.setAttribute('data-galley-loc', label);
  }
}
