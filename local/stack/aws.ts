/** Emulators accept any credentials; fixed ones keep the SDK from searching the machine for real ones. */
export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };
export const LOCAL_REGION = 'eu-west-1';
