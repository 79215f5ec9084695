import { useContext } from 'react';
import { UNSAFE_FrameworkContext } from 'react-router';
import { ROOT_DATA_ID } from '../lib/island-page';

/**
 * An island page's scripts (decision 0082), written by the server in place of React Router's
 * `<Scripts />`: the root's data for the parts the runtime hydrates (JSON in a data block, which
 * no browser runs, `<` escaped so its text cannot end the element; with the nonce, as every script
 * element of the page), module preloads of the
 * entry and its imports, and the entry module itself, with the page's nonce. The router's route modules,
 * manifest and hydration data are not written: the browser never starts the router here. The
 * entry (`app/entry.client.tsx`) sees `data-cw-islands` on `<html>` and starts the islands'
 * runtime. The server's transform holds the preloads and the entry back until the first paint
 * (decision 0027), as it does React Router's.
 */
export function IslandScripts({ nonce, data }: { nonce: string | undefined; data: unknown }) {
  const framework = useContext(UNSAFE_FrameworkContext);
  if (!framework) throw new Error('IslandScripts needs React Router’s server render.');
  const { entry } = framework.manifest;
  return (
    <>
      <script
        nonce={nonce}
        type="application/json"
        id={ROOT_DATA_ID}
        dangerouslySetInnerHTML={{
          __html: JSON.stringify(data ?? null).replaceAll('<', '\\u003c'),
        }}
      />
      {[entry.module, ...entry.imports].map((href) => (
        <link key={href} rel="modulepreload" href={href} />
      ))}
      <script
        nonce={nonce}
        type="module"
        async
        dangerouslySetInnerHTML={{ __html: `import ${JSON.stringify(entry.module)};` }}
      />
    </>
  );
}
