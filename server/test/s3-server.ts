/**
 * A local S3 server for the tests: s3rver, started in-process on a free port with one
 * bucket. s3rver 3.7 does multipart uploads but not two calls of them that @tus/s3-store
 * makes, ListParts (the offset of an unfinished upload) and AbortMultipartUpload (removing
 * one); this adds both, answered from s3rver's own part files as S3 answers them
 * (an unknown or completed upload is 404 NoSuchUpload). Everything else is s3rver's.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';

export interface LocalS3 {
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  close(): Promise<void>;
}

const noSuchUpload = (res: http.ServerResponse) => {
  res.writeHead(404, { 'Content-Type': 'application/xml' });
  res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>');
};

export async function startLocalS3(directory: string, buckets: string[]): Promise<LocalS3> {
  const s3 = new S3rver({ silent: true, directory, configureBuckets: buckets.map((name) => ({ name, configs: [] })) });
  await s3.configureBuckets();
  const handle = s3.callback();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://s3.local');
    const uploadId = url.searchParams.get('uploadId');
    const [, bucket, ...key] = url.pathname.split('/');
    if (!uploadId || !bucket || !key.length || !/^[0-9a-f]+$/.test(uploadId) || (req.method !== 'GET' && req.method !== 'DELETE')) {
      handle(req, res);
      return;
    }
    const dir = path.join(directory, bucket, '._S3rver_uploads', uploadId);
    if (!fs.existsSync(dir)) return noSuchUpload(res);
    if (req.method === 'DELETE') {
      fs.rmSync(dir, { recursive: true, force: true });
      res.writeHead(204).end();
      return;
    }
    const parts = fs
      .readdirSync(dir)
      .filter((f) => /^\d+$/.test(f))
      .map(Number)
      .sort((a, b) => a - b)
      .map((n) => {
        const file = path.join(dir, String(n));
        const md5 = fs.readFileSync(`${file}.md5`, 'utf8').trim();
        const stat = fs.statSync(file);
        return `<Part><PartNumber>${n}</PartNumber><LastModified>${stat.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${stat.size}</Size></Part>`;
      });
    res.writeHead(200, { 'Content-Type': 'application/xml' });
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${bucket}</Bucket><Key>${key.join('/')}</Key><UploadId>${uploadId}</UploadId><PartNumberMarker>0</PartNumberMarker><MaxParts>1000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
