import { mount } from 'svelte';
import Page from './Page.svelte';
import '../../../src/renderer/styles/theme.css';

mount(Page, { target: document.getElementById('app')! });
