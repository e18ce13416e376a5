import { mount } from 'svelte';
import '../styles/theme.css';
import './view.css';
import TableScreen from './TableScreen.svelte';

mount(TableScreen, { target: document.getElementById('view')! });
