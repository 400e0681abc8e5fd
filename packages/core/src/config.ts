/** Where the core finds its AWS resources; local and cloud differ only here. */
export interface AwsConfig {
  region: string;
  metaTable: string;
  resultsBucket: string;
  jobsQueueUrl: string;
  /** Local stand-ins; undefined in the cloud. */
  endpoints?: { dynamodb: string; s3: string; sqs: string };
  /** The stand-ins' credentials, generated per start (there are no well-known local keys). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}
