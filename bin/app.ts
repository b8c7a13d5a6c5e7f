#!/usr/bin/env node
import { App } from 'aws-cdk-lib';
import { defineApp } from '../lib/rimborsi-app';

// Configuration comes from CDK context (cdk.json or `-c key=value`); see lib/config.ts.
defineApp(new App());
