// The test helper now lives beside the one reader; this path stays for the tests that import it here.
export { multipartBody, type MultipartPart } from '../../platform/uploads/multipart-body.ts';
