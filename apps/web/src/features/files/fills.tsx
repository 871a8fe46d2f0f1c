import { Attachments } from './Attachments';
import { AttachmentsButton } from './AttachmentsButton';

/** A sample's attachments, at the foot of its drawer. */
export function SampleAttachments({ sampleId }: { sampleId: number }) {
  return <Attachments target="sample" id={sampleId} heading />;
}

/** One result's attachments, beside its test's name. */
export function ResultAttachmentsButton({ testOrderId, testName }: { testOrderId: number; testName: string }) {
  return <AttachmentsButton target="result" id={testOrderId} name={testName} />;
}
