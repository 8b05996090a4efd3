import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type Agent } from '../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  buildAccount,
  multipartBody,
  postFiles,
  postImage,
  type FilePart,
} from '../../test/factories.js';
import { htmlPage, pngDeclaring, pngImage, svgImage, truncatedJpeg } from '../../test/images.js';
import { storedState } from '../../test/state.js';

let t: TestApp;
let agent: Agent;
beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
  agent = await signIn(t.app, await buildAccount(t.platforms.database.db));
});
afterAll(async () => {
  await t.close();
});

const notAnImage = 'Upload a JPEG, PNG, WebP or GIF image';

/** Each bad input gets its catalogued error and leaves no file and no row behind. */
async function expectRefused(
  send: () => Promise<{ statusCode: number; json: () => unknown }>,
  expected: { status: number; code: string; message: string | RegExp },
) {
  const before = await storedState(t);
  const res = await send();
  const body = res.json() as { error: { code: string; message: string } };
  expect({ status: res.statusCode, code: body.error.code }).toEqual({
    status: expected.status,
    code: expected.code,
  });
  expect(body.error.message).toMatch(expected.message);
  expect(await storedState(t)).toEqual(before);
  return body;
}

const one = (file: Partial<FilePart> & { data: Buffer }) => () =>
  postFiles(agent, [{ filename: 'x.png', contentType: 'image/png', ...file }]);

describe('bad uploads change nothing', () => {
  it('refuses an SVG, even one named and labelled as a PNG', async () => {
    await expectRefused(one({ data: svgImage }), {
      status: 400,
      code: 'invalid-argument',
      message: notAnImage,
    });
    await expectRefused(one({ filename: 'x.svg', contentType: 'image/svg+xml', data: svgImage }), {
      status: 400,
      code: 'invalid-argument',
      message: notAnImage,
    });
  });

  it('refuses an HTML file named x.png', async () => {
    await expectRefused(one({ data: htmlPage }), {
      status: 400,
      code: 'invalid-argument',
      message: notAnImage,
    });
  });

  it('refuses a kind of image we do not accept (a BMP labelled image/png)', async () => {
    const bmp = Buffer.alloc(70);
    bmp.write('BM', 0, 'ascii');
    bmp.writeUInt32LE(70, 2);
    bmp.writeUInt32LE(54, 10);
    bmp.writeUInt32LE(40, 14);
    bmp.writeInt32LE(2, 18);
    bmp.writeInt32LE(2, 22);
    bmp.writeUInt16LE(1, 26);
    bmp.writeUInt16LE(24, 28);
    await expectRefused(one({ data: bmp }), {
      status: 400,
      code: 'invalid-argument',
      message: notAnImage,
    });
  });

  it('refuses a decompression bomb: a tiny PNG declaring 10000x10000 pixels', async () => {
    const bomb = pngDeclaring(10_000, 10_000);
    expect(bomb.length).toBeLessThan(2000);
    const body = await expectRefused(one({ data: bomb }), {
      status: 400,
      code: 'invalid-argument',
      message: 'The image is larger than 40 megapixels',
    });
    expect(body).toMatchObject({ error: { details: { maxPixels: 40_000_000 } } });
  });

  it('refuses a truncated JPEG', async () => {
    await expectRefused(
      one({ filename: 'cut.jpg', contentType: 'image/jpeg', data: await truncatedJpeg() }),
      { status: 400, code: 'invalid-argument', message: /damaged or incomplete/ },
    );
  });

  it('refuses two files in one request, storing neither', async () => {
    const data = await pngImage();
    await expectRefused(
      () =>
        postFiles(agent, [
          { filename: 'a.png', contentType: 'image/png', data },
          { filename: 'b.png', contentType: 'image/png', data },
        ]),
      { status: 400, code: 'invalid-argument', message: 'Send one file per request' },
    );
  });

  it('refuses a file over 10 MB', async () => {
    const big = Buffer.concat([await pngImage(), Buffer.alloc(10 * 1024 * 1024)]);
    const body = await expectRefused(one({ data: big }), {
      status: 400,
      code: 'out-of-range',
      message: 'The file is larger than 10 MB',
    });
    expect(body).toMatchObject({ error: { details: { maxBytes: 10 * 1024 * 1024 } } });
  });

  it('refuses a body announced larger than any accepted file before reading it', async () => {
    const { headers } = multipartBody([]);
    await expectRefused(
      () =>
        agent.inject({
          method: 'POST',
          url: '/api/uploads',
          headers: { ...headers, 'content-length': String(50 * 1024 * 1024) },
          payload: Buffer.alloc(0),
        }),
      { status: 400, code: 'out-of-range', message: 'The file is larger than 10 MB' },
    );
  });

  it('refuses a request without a file, an empty file and a JSON body', async () => {
    const noFile = () =>
      agent.inject({ method: 'POST', url: '/api/uploads', ...multipartBody([], { note: 'hi' }) });
    await expectRefused(noFile, {
      status: 400,
      code: 'invalid-argument',
      message: 'Choose an image to upload',
    });
    await expectRefused(one({ data: Buffer.alloc(0) }), {
      status: 400,
      code: 'invalid-argument',
      message: 'Choose an image to upload',
    });
    const json = () =>
      agent.inject({ method: 'POST', url: '/api/uploads', payload: { file: 'x.png' } });
    await expectRefused(json, {
      status: 400,
      code: 'invalid-argument',
      message: /multipart\/form-data/,
    });
  });

  it('refuses a malformed multipart body', async () => {
    const { headers } = multipartBody([]);
    await expectRefused(
      () =>
        agent.inject({
          method: 'POST',
          url: '/api/uploads',
          headers,
          payload: Buffer.from('--nope\r\ngarbage without end'),
        }),
      {
        status: 400,
        code: 'invalid-argument',
        message: 'The upload could not be read: the multipart body is malformed',
      },
    );
  });

  it('refuses an unknown purpose', async () => {
    await expectRefused(async () => postImage(agent, await pngImage(), 'banner'), {
      status: 400,
      code: 'invalid-argument',
      message: /querystring\.purpose/,
    });
  });
});
