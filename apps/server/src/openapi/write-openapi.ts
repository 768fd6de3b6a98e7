import fs from 'node:fs';
import path from 'node:path';
import { generateOpenApiDocument, OPENAPI_FILE } from './openapi-document.js';

// `npm run openapi`: writes the document that the drift test compares with the routes.
const document = await generateOpenApiDocument();
fs.writeFileSync(OPENAPI_FILE, document);
process.stdout.write(`Wrote ${path.relative(process.cwd(), OPENAPI_FILE)}\n`);
