/** One sample's label (its barcode and sample type). */
export const labelPath = (programme: { form: string }, sampleId: number) => `/api/${programme.form}/${sampleId}/label/`;
/** The whole order's result report, reached through any of its samples. */
export const reportPath = (programme: { form: string }, sampleId: number) => `/api/${programme.form}/${sampleId}/report/`;
