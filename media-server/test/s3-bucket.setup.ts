/** The s3 project: this test file's bucket (s3-env.setup.ts named it), made before its tests. */
beforeAll(async () => {
  const answer = await fetch(`${process.env.MEDIA_S3_ENDPOINT}/${process.env.MEDIA_S3_BUCKET}`, {
    method: 'PUT',
  });
  if (!answer.ok) throw new Error(`Could not create the test bucket: ${answer.status}`);
});
