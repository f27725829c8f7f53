// A wasm module's sections, function bodies and function names (its "name" section), read
// without dependencies: the format is small. Shared by wasm_contributors.mjs and wasm_diff.mjs.

export const SECTION_NAMES = ['custom', 'type', 'import', 'function', 'table', 'memory', 'global',
  'export', 'start', 'element', 'code', 'data', 'data count', 'tag'];

/**
 * Reads `bytes` (a whole module): its sections ({ label, start, end }), the number of imported
 * functions (function indices count them first), the code section's bodies ({ start, length },
 * in the order of the defined functions' indices) and the names the "name" section gives
 * (function index -> name).
 */
export function readModule(bytes) {
  let offset = 8;
  const leb = () => {
    let result = 0;
    let shift = 0;
    for (;;) {
      const byte = bytes[offset++];
      result += (byte & 0x7f) * 2 ** shift;
      shift += 7;
      if (byte < 0x80) return result;
    }
  };
  const name = () => {
    const length = leb();
    const text = bytes.toString('utf8', offset, offset + length);
    offset += length;
    return text;
  };
  const sections = [];
  const bodies = [];
  const names = new Map();
  let importedFunctions = 0;
  while (offset < bytes.length) {
    const id = bytes[offset++];
    const size = leb();
    const start = offset;
    const end = start + size;
    let label = SECTION_NAMES[id] ?? `section ${id}`;
    if (id === 0) {
      const custom = name();
      label = `custom "${custom}"`;
      // The function names: subsection 1 of the "name" section.
      while (custom === 'name' && offset < end) {
        const kind = bytes[offset++];
        const next = leb() + offset;
        if (kind === 1) for (let count = leb(); count > 0; count--) names.set(leb(), name());
        offset = next;
      }
    } else if (id === 2) {
      for (let count = leb(); count > 0; count--) {
        name();
        name();
        const kind = bytes[offset++];
        if (kind === 0) { leb(); importedFunctions++; }
        else if (kind === 1) { offset++; const flags = leb(); leb(); if (flags & 1) leb(); }
        else if (kind === 2) { const flags = leb(); leb(); if (flags & 1) leb(); }
        else if (kind === 3) offset += 2;
        else if (kind === 4) { offset++; leb(); }
      }
    } else if (id === 10) {
      for (let count = leb(); count > 0; count--) {
        const length = leb();
        bodies.push({ start: offset, length });
        offset += length;
      }
    }
    sections.push({ id, label, start, end });
    offset = end;
  }
  return { sections, bodies, names, importedFunctions };
}
