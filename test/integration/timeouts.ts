// Integration tests wait on real servers (SQS redrive needs several visibility timeouts).
jest.setTimeout(30_000);
