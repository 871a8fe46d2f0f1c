/** What other areas mount: the attachments of a sample, a result or a non-conformity report. */
export { Attachments } from './Attachments';
export { AttachmentsButton } from './AttachmentsButton';
export { ReportAttachments } from './ReportAttachments';
