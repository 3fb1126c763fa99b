//! What the page's calls throw when the engine says why: a JavaScript `Error` whose
//! `message` is the English (as the command line prints it), with the message's `code` and
//! `args` beside it, which the page says in its own language (`www/words/text.js`,
//! `errorText`). The list of codes is `crate::words`'s; `engineWords` hands it to the
//! page's test that en.js says each code as the engine does.

use js_sys::{Array, Error, Reflect};
use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::views::serializer;

use crate::words::{self, Arg, English, Message, Worded};

/// A worded error on its way to JavaScript.
pub struct Thrown(Message);

impl<E: Worded> From<E> for Thrown {
    fn from(error: E) -> Thrown {
        Thrown(error.words())
    }
}

impl From<Message> for Thrown {
    fn from(message: Message) -> Thrown {
        Thrown(message)
    }
}

impl From<Thrown> for JsValue {
    fn from(thrown: Thrown) -> JsValue {
        let error = Error::new(&thrown.0.to_string());
        let words = words_js(&thrown.0);
        for key in ["code", "args"] {
            let value = Reflect::get(&words, &key.into()).expect("a plain object's property");
            set(&error, key, &value);
        }
        error.into()
    }
}

/// `object[key] = value` on an object this module made (which cannot refuse it).
fn set(object: &JsValue, key: &str, value: &JsValue) {
    Reflect::set(object, &key.into(), value).expect("a plain object takes a property");
}

/// A message as the page takes it: `{code, args}`, each argument a number, a text, or a
/// message within as `{code, args}`.
pub(super) struct WordsJs<'a>(pub &'a Message);

impl Serialize for WordsJs<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("code", self.0.code.key)?;
        map.serialize_entry("args", &ArgsJs(&self.0.args))?;
        map.end()
    }
}

/// A message's arguments, by name.
struct ArgsJs<'a>(&'a [(&'static str, Arg)]);

impl Serialize for ArgsJs<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, arg) in self.0 {
            match arg {
                // Every number the engine words is far within a double's exact integers.
                Arg::Number(n) => map.serialize_entry(name, &(*n as f64))?,
                Arg::Text(text) => map.serialize_entry(name, text)?,
                Arg::Words(inner) => map.serialize_entry(name, &WordsJs(inner))?,
            }
        }
        map.end()
    }
}

/// `{code, args}` of a message.
pub(super) fn words_js(message: &Message) -> JsValue {
    WordsJs(message)
        .serialize(&serializer())
        .expect("plain data serialises")
}

/// Every code the engine words, for the page's test of its catalogs: `[{code, args,
/// said}]`, `args` a sample argument for each `{name}` (a text naming it; `count` 1, and 3
/// in a second entry of a plural), `said` the English the engine makes of them.
#[wasm_bindgen(js_name = engineWords)]
pub fn engine_words() -> Array {
    let list = Array::new();
    for code in words::ALL {
        let texts: Vec<&str> = match code.english {
            English::Text(text) => vec![text],
            English::Plural { one, other } => vec![one, other],
        };
        let counts: &[i64] = match code.english {
            English::Text(_) => &[1],
            English::Plural { .. } => &[1, 3],
        };
        for &count in counts {
            let mut message = Message::new(*code);
            for name in texts.iter().flat_map(|text| names(text)) {
                if message.args.iter().all(|(n, _)| *n != name) {
                    let sample = if name == "count" {
                        Arg::Number(count)
                    } else {
                        Arg::Text(format!("‹{name}›"))
                    };
                    message.args.push((name, sample));
                }
            }
            let entry = words_js(&message);
            set(&entry, "said", &JsValue::from_str(&message.to_string()));
            list.push(&entry);
        }
    }
    list
}

/// The `{name}`s of a text.
fn names(text: &'static str) -> impl Iterator<Item = &'static str> {
    text.split('{').skip(1).filter_map(|part| {
        let name = &part[..part.find('}')?];
        let plain = !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        plain.then_some(name)
    })
}
