import { PGlite } from '@electric-sql/pglite';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
let t = performance.now();
if (!existsSync('/tmp/pgdump.tar')) {
  const p = await PGlite.create();
  console.log('create', performance.now() - t);
  const b = await p.dumpDataDir('none');
  writeFileSync('/tmp/pgdump.tar', Buffer.from(await b.arrayBuffer()));
} else {
  const p = await PGlite.create({ loadDataDir: new Blob([readFileSync('/tmp/pgdump.tar')]) });
  console.log('load', performance.now() - t);
}
