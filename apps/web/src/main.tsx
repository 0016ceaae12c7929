import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { bootSteps } from './app/boot/boot-steps';
import { mountApp } from './app/boot/mount';
import { runBoot } from './app/boot/run-boot';

void runBoot(bootSteps, { mount: mountApp });
