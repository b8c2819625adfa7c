//! What handlers read from a request beyond axum's own extractors: a JSON object body
//! whose rejections are the documented errors, the address the request came from, and an
//! action's client id.

use std::convert::Infallible;
use std::net::IpAddr;

use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::Json;
use serde::de::DeserializeOwned;

use super::limits::Peer;
use crate::error::{code, ApiError};
use crate::protocol::check_cid;

/// A JSON object body whose rejections are our JSON errors.
#[derive(Debug)]
pub(crate) struct Body<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let raw = match Json::<Box<serde_json::value::RawValue>>::from_request(req, state).await {
            Ok(Json(raw)) => raw,
            Err(rejection) => return Err(ApiError::json(&rejection as &JsonRejection)),
        };
        // serde reads a struct from an array too: `[]` would pass for `{}`.
        if !raw.get().starts_with('{') {
            return Err(ApiError::bad_request(
                code::BAD_JSON,
                "a body is a JSON object",
            ));
        }
        serde_json::from_str(raw.get())
            .map(Body)
            .map_err(|e| ApiError::bad_request(code::BAD_JSON, e.to_string()))
    }
}

/// The address a request came from; known when [`serve`](super::serve) serves it (it
/// sets each request's [`Peer`]), not when a test calls the app.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Address(pub Option<IpAddr>);

impl<S: Send + Sync> FromRequestParts<S> for Address {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Infallible> {
        Ok(Self(parts.extensions.get::<Peer>().map(|&Peer(ip)| ip)))
    }
}

/// An action's client id, if the request gives one, checked.
pub(crate) fn checked_cid(cid: Option<String>) -> Result<Option<String>, ApiError> {
    if let Some(cid) = &cid {
        check_cid(cid).map_err(|message| ApiError::bad_request("bad-cid", message))?;
    }
    Ok(cid)
}
