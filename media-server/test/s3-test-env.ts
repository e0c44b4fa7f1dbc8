/** Where the s3 project's global setup puts the S3 endpoint of the run. */
export const S3_TEST_ENDPOINT = 'MEDIA_TEST_S3_ENDPOINT';
