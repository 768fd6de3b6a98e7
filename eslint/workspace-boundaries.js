import fs from 'node:fs';
import path from 'node:path';

/**
 * The npm workspaces of the repository, from the root package.json: the folder each one owns and the name other
 * workspaces import it by.
 */
export function readWorkspaces(root) {
  const { workspaces = [] } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  return workspaces.map((folder) => {
    const dir = path.resolve(root, folder);
    const { name } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    return { dir, name };
  });
}

const inside = (file, dir) => {
  const relative = path.relative(dir, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};

/**
 * No relative import out of a workspace: another workspace is reached by its package name and what its package.json
 * exports, so that what one workspace takes from another is declared in one place and builds where it is used.
 */
export function noRelativeWorkspaceImport(workspaces) {
  return {
    meta: {
      type: 'problem',
      docs: { description: 'Disallow relative imports that leave the importing file’s npm workspace' },
      messages: {
        leaves:
          "'{{source}}' leaves the {{from}} workspace by a relative path; import {{to}} through its package exports instead.",
      },
      schema: [],
    },
    create(context) {
      const own = workspaces.find((workspace) => inside(context.filename, workspace.dir));
      if (!own) return {};
      const check = (node) => {
        const source = node.source;
        if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
        if (!source.value.startsWith('.')) return;
        const target = path.resolve(path.dirname(context.filename), source.value);
        if (inside(target, own.dir)) return;
        const to = workspaces.find((workspace) => inside(target, workspace.dir));
        context.report({
          node: source,
          messageId: 'leaves',
          data: { source: source.value, from: own.name, to: to ? to.name : 'it' },
        });
      };
      return {
        ImportDeclaration: check,
        ExportNamedDeclaration: check,
        ExportAllDeclaration: check,
        ImportExpression: check,
      };
    },
  };
}
